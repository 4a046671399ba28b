#include "nets/torch_net.h"

#include <string>

namespace pamir::nets {
namespace {

// Copies between a Linear layer and the flat weight buffer (row-major [out][in] both).
void copy_out(const torch::nn::Linear& layer, float* w, float* b) {
  const auto weight = layer->weight.detach().to(torch::kCPU).contiguous();
  const auto bias = layer->bias.detach().to(torch::kCPU).contiguous();
  std::copy_n(weight.data_ptr<float>(), weight.numel(), w);
  std::copy_n(bias.data_ptr<float>(), bias.numel(), b);
}

void copy_in(torch::nn::Linear& layer, const float* w, const float* b) {
  torch::NoGradGuard no_grad;
  const auto device = layer->weight.device();
  layer->weight.copy_(torch::from_blob(const_cast<float*>(w), layer->weight.sizes()).to(device));
  layer->bias.copy_(torch::from_blob(const_cast<float*>(b), layer->bias.sizes()).to(device));
}

}  // namespace

TorchNetImpl::TorchNetImpl(const NetShape& shape, const NetConfig& config, bool aux_heads)
    : shape_(shape), config_(config) {
  input_ = register_module("input", torch::nn::Linear(shape.num_features, config.width));
  for (int i = 0; i < config.blocks; ++i) {
    w1_.push_back(
        register_module("block" + std::to_string(i) + "_1", torch::nn::Linear(config.width, config.width)));
    w2_.push_back(
        register_module("block" + std::to_string(i) + "_2", torch::nn::Linear(config.width, config.width)));
  }
  policy_ = register_module("policy", torch::nn::Linear(config.width, shape.num_actions));
  value_ = register_module("value", torch::nn::Linear(config.width, shape.num_seats));
  if (aux_heads) {
    result_ = register_module("aux_result", torch::nn::Linear(config.width, shape.num_seats));
    vp_margin_ = register_module("aux_vp_margin", torch::nn::Linear(config.width, shape.num_seats));
  }
  // The heads start at zero: an untrained net gives every legal action the same prior and
  // every seat the same value. Random heads would carry a bias for or against the seat to
  // move, and the search would then favour "done" (which hands the move over) or avoid it in
  // every position, so that generation 0 would stall instead of playing.
  torch::NoGradGuard no_grad;
  for (auto* head : {&policy_, &value_}) {
    (*head)->weight.zero_();
    (*head)->bias.zero_();
  }
}

torch::Tensor TorchNetImpl::blocks(torch::Tensor h) {
  for (std::size_t i = 0; i < w1_.size(); ++i) h = torch::relu(h + w2_[i](torch::relu(w1_[i](h))));
  return h;
}

torch::Tensor TorchNetImpl::trunk(const torch::Tensor& x) { return blocks(torch::relu(input_(x))); }

torch::Tensor TorchNetImpl::trunk(const torch::Tensor& indices, const torch::Tensor& values,
                                  const torch::Tensor& offsets) {
  // The weight is stored [width][features] (a Linear's, so checkpoints keep their layout);
  // the bag reads feature rows, so it gets a contiguous transposed copy, through which the
  // gradient flows back.
  namespace F = torch::nn::functional;
  const auto rows = input_->weight.t().contiguous();
  const auto sums = F::embedding_bag(
      indices, rows,
      F::EmbeddingBagFuncOptions().offsets(offsets).mode(torch::kSum).per_sample_weights(values));
  return blocks(torch::relu(sums + input_->bias));
}

TorchNetImpl::Outputs TorchNetImpl::seat_heads(const torch::Tensor& h) {
  Outputs out{{}, value_(h), {}, {}};
  if (has_aux_heads()) out.result = result_(h), out.vp_margin = vp_margin_(h);
  return out;
}

torch::Tensor TorchNetImpl::policy_logits_of(const torch::Tensor& h, const torch::Tensor& actions) {
  const auto ids = actions.reshape({-1});
  const auto rows = policy_->weight.index_select(0, ids).view({actions.size(0), actions.size(1), -1});
  return torch::bmm(rows, h.unsqueeze(2)).squeeze(2) + policy_->bias.index_select(0, ids).view_as(actions);
}

TorchNetImpl::Outputs TorchNetImpl::forward(const torch::Tensor& x) {
  const auto h = trunk(x);
  Outputs out = seat_heads(h);
  out.policy = policy_(h);
  return out;
}

NetWeights TorchNetImpl::to_weights() const {
  const WeightLayout l(shape_, config_);
  NetWeights w{shape_, config_, std::vector<float>(l.total)};
  // The input layer is stored feature-major (transposed) for the sparse first layer.
  const auto input_t = input_->weight.detach().to(torch::kCPU).t().contiguous();
  std::copy_n(input_t.data_ptr<float>(), input_t.numel(), w.data.data() + l.input);
  const auto input_bias = input_->bias.detach().to(torch::kCPU).contiguous();
  std::copy_n(input_bias.data_ptr<float>(), input_bias.numel(), w.data.data() + l.input_bias);
  for (int i = 0; i < config_.blocks; ++i) {
    copy_out(w1_[i], w.data.data() + l.w1(i), w.data.data() + l.b1(i));
    copy_out(w2_[i], w.data.data() + l.w2(i), w.data.data() + l.b2(i));
  }
  copy_out(policy_, w.data.data() + l.policy, w.data.data() + l.policy_bias);
  copy_out(value_, w.data.data() + l.value, w.data.data() + l.value_bias);
  return w;
}

void TorchNetImpl::set_weights(const NetWeights& w) {
  const WeightLayout l(shape_, config_);
  torch::NoGradGuard no_grad;
  const auto input_t =
      torch::from_blob(const_cast<float*>(w.data.data() + l.input), {shape_.num_features, config_.width});
  input_->weight.copy_(input_t.t().to(input_->weight.device()));
  input_->bias.copy_(torch::from_blob(const_cast<float*>(w.data.data() + l.input_bias), {config_.width})
                         .to(input_->bias.device()));
  for (int i = 0; i < config_.blocks; ++i) {
    copy_in(w1_[i], w.data.data() + l.w1(i), w.data.data() + l.b1(i));
    copy_in(w2_[i], w.data.data() + l.w2(i), w.data.data() + l.b2(i));
  }
  copy_in(policy_, w.data.data() + l.policy, w.data.data() + l.policy_bias);
  copy_in(value_, w.data.data() + l.value, w.data.data() + l.value_bias);
}

torch::Device preferred_device() { return torch::cuda::is_available() ? torch::kCUDA : torch::kCPU; }

}  // namespace pamir::nets
